import { makeApp } from './app';

const base = { name: 'grafana', clusterId: 'one', fqdn: 'grafana.one.example.com' };

test('an http app is reached over https at its public address and launches through the app launcher', () => {
  const app = makeApp({ ...base, uri: 'http://localhost:3000', publicAddr: 'grafana.example.com' });
  expect(app.addrWithProtocol).toBe('https://grafana.example.com');
  expect(app.launchUrl).toBe('/web/launch/grafana.one.example.com/one/grafana.example.com');
  expect(app.isCloudOrTcpEndpoint).toBe(false);
  expect(app.id).toBe('one-grafana-grafana.example.com');
});

test('a tcp:// or cloud:// app keeps its scheme with the public address and has no launch URL', () => {
  const tcp = makeApp({ ...base, uri: 'tcp://localhost:5432', publicAddr: 'pg.example.com' });
  expect(tcp.addrWithProtocol).toBe('tcp://pg.example.com');
  expect(tcp.launchUrl).toBe('');
  expect(tcp.isCloudOrTcpEndpoint).toBe(true);
  const cloud = makeApp({ ...base, uri: 'cloud://AWS', publicAddr: 'aws.example.com' });
  expect(cloud.addrWithProtocol).toBe('cloud://aws.example.com');
  expect(cloud.isCloudOrTcpEndpoint).toBe(true);
});

test('without a public address the uri is shown as is', () => {
  expect(makeApp({ ...base, uri: 'http://localhost:3000' }).addrWithProtocol).toBe('http://localhost:3000');
  expect(makeApp({ ...base, uri: 'http://localhost:3000' }).launchUrl).toBe('/web/launch/grafana.one.example.com/one');
});
