import { agentCommand, installAppCommand, installDatabaseCommand, installNodeCommand } from './commands';

const origin = 'https://gw.example.com:3080';
const token = '0123456789abcdef0123456789abcdef';

test("the install commands fetch the token's script from the gateway and run it as root with sh", () => {
  expect(installNodeCommand(origin, token)).toBe(
    `curl -fsSL '${origin}/scripts/${token}/install-node.sh' | sudo sh`,
  );
  expect(installDatabaseCommand(origin, token)).toBe(
    `curl -fsSL '${origin}/scripts/${token}/install-database.sh' | sudo sh`,
  );
  expect(installAppCommand(origin, token, { name: 'grafana', uri: 'http://localhost:3000' })).toBe(
    `curl -fsSL '${origin}/scripts/${token}/install-app.sh?name=grafana&uri=http%3A%2F%2Flocalhost%3A3000' | sudo sh`,
  );
});

test('Kubernetes and desktops run the agent with the token and the resource id label', () => {
  expect(agentCommand(origin, { id: token, resourceId: 'rid-1' }, '--kube NAME=/path/to/kubeconfig')).toBe(
    `portcullis agent --gateway ${origin} --token ${token} --labels portcullis.internal/resource-id=rid-1 --kube NAME=/path/to/kubeconfig`,
  );
});
