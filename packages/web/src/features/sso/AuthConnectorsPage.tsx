import { Alert, Button, Card, EmptyState, Flex, H1, H3, Label, Menu, Text } from '@portcullis/design';
import type { Resource } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../dialogs/ConfirmDeleteDialog';
import { YamlEditorDialog } from '../../dialogs/YamlEditorDialog';
import { userContextAtom } from '../../session/userContext';
import { type ConnectorKind, connectorKinds, isConnectorKind, kindInfo } from './connectorKinds';
import { newConnectorTemplate } from './newConnectorTemplates';
import { connectorActions, connectorsAtom, connectorsVersionAtom } from './ssoAtoms';

type Connector = Resource & { kind: ConnectorKind };
type Open =
  | { kind: 'create'; connectorKind: ConnectorKind }
  | { kind: 'edit'; connector: Connector }
  | { kind: 'delete'; connector: Connector }
  | null;

const secretsNote =
  'Secrets are never sent back in clear: they show as a placeholder. Leave the placeholder as it is to keep ' +
  'the stored secret, or replace it to change the secret.';

/** Where the identity provider sends people back: the cluster's public address, else this page's origin. */
const gatewayOrigin = (publicURL: string) =>
  !publicURL ? window.location.origin : /^https?:\/\//.test(publicURL) ? publicURL : `https://${publicURL}`;

/** Auth connectors: a card per OIDC, SAML or GitHub connector; create and edit as YAML, delete. */
export default function AuthConnectorsPage() {
  const connectors = useAtomValue(connectorsAtom).filter((c): c is Connector => isConnectorKind(c.kind));
  const { acl, cluster } = useAtomValue(userContextAtom);
  const refresh = useSetAtom(connectorsVersionAtom);
  const [open, setOpen] = useState<Open>(null);
  // Saving closes the dialog, which alone looks the same as Cancel: the outcome is said in words.
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const done = (message: string) => {
    refresh((v) => v + 1);
    setNotice(message);
    close();
  };
  const newMenu = acl.authConnectors.create ? (
    <Menu
      label="New Auth Connector"
      kind="primary"
      placement="bottom-end"
      items={connectorKinds.map((k) => ({
        label: k.title,
        onSelect: () => setOpen({ kind: 'create', connectorKind: k.kind }),
      }))}
    />
  ) : null;
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Auth Connectors</H1>
        {connectors.length ? newMenu : null}
      </Flex>
      {notice ? (
        <Alert kind="success" onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {connectors.length === 0 ? (
        <EmptyState
          title="No Auth Connectors Yet"
          description={
            'An auth connector lets people sign in through your organization’s identity provider (OpenID ' +
            'Connect, SAML or GitHub) instead of a local password. The roles they get come from their ' +
            'claims, attributes or teams, as the connector maps them.'
          }
          action={newMenu}
        />
      ) : (
        <Flex role="list" aria-label="Auth connectors" flexWrap="wrap" gap={4}>
          {connectors.map((c) => (
            <Card role="listitem" key={c.id} aria-label={c.name} width="auto" minWidth={280}>
              <Flex alignItems="center" justifyContent="space-between" gap={3} mb={3}>
                <H3 m={0}>{c.name}</H3>
                <Label kind="brand">{kindInfo(c.kind).title}</Label>
              </Flex>
              <Text muted mb={3}>
                Sign in with {kindInfo(c.kind).title}
              </Text>
              <Flex gap={2}>
                {acl.authConnectors.edit ? (
                  <Button
                    size="small"
                    kind="border"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => setOpen({ kind: 'edit', connector: c })}
                  >
                    Edit
                  </Button>
                ) : null}
                {acl.authConnectors.remove ? (
                  <Button
                    size="small"
                    kind="warning"
                    aria-label={`Delete ${c.name}`}
                    onClick={() => setOpen({ kind: 'delete', connector: c })}
                  >
                    Delete
                  </Button>
                ) : null}
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
      {open?.kind === 'create' ? (
        <YamlEditorDialog
          title={`New ${kindInfo(open.connectorKind).title} Connector`}
          label="Connector YAML"
          initialContent={newConnectorTemplate(open.connectorKind, gatewayOrigin(cluster.publicURL))}
          note="The secrets you enter are stored and never shown again; editing shows a placeholder in their place."
          onSave={(content) => connectorActions.create(open.connectorKind, content)}
          onSaved={(name) => done(`Auth connector ${name} has been saved.`)}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <YamlEditorDialog
          title={`Edit ${kindInfo(open.connector.kind).title} Connector ${open.connector.name}`}
          label="Connector YAML"
          initialContent={open.connector.content}
          note={secretsNote}
          onSave={(content) => connectorActions.update(open.connector.kind, open.connector.name, content)}
          onSaved={(name) => done(`Auth connector ${name} has been saved.`)}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDeleteDialog
          title="Delete Auth Connector?"
          confirmText="Yes, Delete Connector"
          onClose={close}
          onConfirm={async () => {
            await connectorActions.remove(open.connector.kind, open.connector.name);
            done(`Auth connector ${open.connector.name} has been deleted.`);
          }}
        >
          You are about to delete the {kindInfo(open.connector.kind).title} connector{' '}
          <strong>{open.connector.name}</strong>. People who sign in through it will no longer be able to.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
