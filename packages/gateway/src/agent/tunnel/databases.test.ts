import { databaseTarget } from './databases';

describe('the TLS a database URI asks for', () => {
  it.each([
    ['redis://127.0.0.1', undefined],
    ['rediss://cache.example:6380', { checkHost: true }],
    ['rediss://cache.example?cacert=%2Fetc%2Fca.pem', { caFile: '/etc/ca.pem', checkHost: true }],
    ['postgres://db.example/app', undefined],
    ['postgres://db.example/app?sslmode=disable', undefined],
    ['postgres://db.example/app?sslmode=verify-full', { checkHost: true }],
    ['postgresql://db.example/app?sslmode=verify-full&sslrootcert=%2Fca.pem', { caFile: '/ca.pem', checkHost: true }],
    ['postgres://10.0.0.5/app?sslrootcert=%2Fca.pem&sslmode=verify-ca', { caFile: '/ca.pem', checkHost: false }],
    ['mysql://db.example/app', undefined],
    ['mysql://db.example/app?ssl-mode=DISABLED', undefined],
    ['mariadb://db.example/app?ssl-mode=verify_identity&ssl-ca=%2Fca.pem', { caFile: '/ca.pem', checkHost: true }],
    ['mysql://10.0.0.5/app?ssl-mode=VERIFY_CA', { checkHost: false }],
  ])('%s', (uri, tls) => {
    expect(databaseTarget(uri).tls).toEqual(tls);
  });

  const honoured =
    'TLS to a database is rediss://…[?cacert=FILE], postgres://…?sslmode=verify-full (or verify-ca)[&sslrootcert=FILE] or mysql://…?ssl-mode=VERIFY_IDENTITY (or VERIFY_CA)[&ssl-ca=FILE]';
  it.each([
    ['postgres://h/db?sslmode=require', `has sslmode=require, which the agent does not honour: the server's certificate would not be checked; it takes sslmode=verify-full or verify-ca`],
    ['postgres://h/db?sslmode=prefer', 'has sslmode=prefer, which the agent does not honour: the connection could fall back to the clear; it takes sslmode=verify-full or verify-ca'],
    ['postgres://h/db?sslmode=allow', 'has sslmode=allow, which the agent does not honour: the connection could fall back to the clear; it takes sslmode=verify-full or verify-ca'],
    ['postgres://h/db?sslmode=verify', 'has sslmode=verify, which the agent does not honour; it takes sslmode=verify-full or verify-ca'],
    ['postgres://h/db?sslrootcert=%2Fca.pem', 'has sslrootcert without sslmode=verify-full or verify-ca, so it would go unused'],
    ['postgres://h/db?sslmode=verify-full&sslcert=%2Fc.pem', `has the parameter "sslcert", which the agent does not honour: ${honoured}`],
    ['rediss://h?sslmode=verify-full', `has the parameter "sslmode", which the agent does not honour: ${honoured}`],
    ['redis://h?cacert=%2Fca.pem', `has the parameter "cacert", which the agent does not honour: ${honoured}`],
    ['mysql://h/db?ssl-mode=Required', `has ssl-mode=Required, which the agent does not honour: the server's certificate would not be checked; it takes ssl-mode=VERIFY_IDENTITY or VERIFY_CA`],
    ['mysql://h/db?ssl-mode=PREFERRED', 'has ssl-mode=PREFERRED, which the agent does not honour: the connection could fall back to the clear; it takes ssl-mode=VERIFY_IDENTITY or VERIFY_CA'],
    ['mysql://h/db?ssl-ca=%2Fca.pem', 'has ssl-ca without ssl-mode=VERIFY_IDENTITY or VERIFY_CA, so it would go unused'],
    ['mysql://h/db?sslmode=verify-full', `has the parameter "sslmode", which the agent does not honour: ${honoured}`],
  ])('refuses %s', (uri, why) => {
    expect(() => databaseTarget(uri)).toThrow(new Error(`database URI "${uri}" ${why}`));
  });
});
