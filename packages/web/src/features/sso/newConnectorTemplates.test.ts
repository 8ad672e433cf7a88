import { connectorYamlProblem } from '@portcullis/gateway/wire';
import { connectorKinds } from './connectorKinds';
import { newConnectorTemplate } from './newConnectorTemplates';

// A template the gateway refused would greet every new connector with an error before the user typed anything.
test.each(connectorKinds.map((k) => k.kind))('the %s template is a connector the gateway accepts as it stands', (kind) => {
  expect(connectorYamlProblem(kind, newConnectorTemplate(kind, 'https://gateway.example.com'))).toBeUndefined();
});
