import {
  Box,
  Button,
  CodeBlock,
  Dialog,
  Field,
  FieldInput,
  requiredField,
  Select,
  Text,
  Validation,
} from '@portcullis/design';
import type { Kube } from '@portcullis/shared';
import { type FormEvent, useId, useState } from 'react';
import { defaultNamespace, defaultPodCommand, type PodExec, podExecPath, splitCommand } from './podExec';

export interface ConnectKubeDialogProps {
  clusterId: string;
  kube: Kube;
  /** The gateway's address and the signed-in user, for the command lines (the page's origin in the console). */
  proxy: string;
  username: string;
  onClose: () => void;
  /**
   * Opens the pod's terminal where the app keeps terminals (the workspace app: a tab of its own); without it, the
   * console's terminal page opens in a new browser tab.
   */
  onOpenTerminal?: (exec: PodExec) => void;
}

/** The command lines that sign a local kubectl in to the cluster through the gateway. */
const kubectlCommands = (kube: Pick<Kube, 'name'>, proxy: string, username: string) =>
  [
    `portcullis login --proxy ${proxy} --user ${username}`,
    `portcullis kube login ${kube.name}`,
    'kubectl get pods',
  ].join('\n');

/**
 * How to reach a Kubernetes cluster: kubectl on one's own machine, or a terminal on one of its pods in a new tab
 * of the console (as the Kubernetes user picked here, when the roles grant several).
 */
export function ConnectKubeDialog({
  clusterId,
  kube,
  proxy,
  username,
  onClose,
  onOpenTerminal,
}: ConnectKubeDialogProps) {
  const formId = useId();
  const [namespace, setNamespace] = useState(defaultNamespace);
  const [pod, setPod] = useState('');
  const [container, setContainer] = useState('');
  const [command, setCommand] = useState(defaultPodCommand);
  const [kubeUser, setKubeUser] = useState(kube.users[0] ?? '');

  const open = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    const exec: PodExec = {
      namespace: namespace.trim(),
      pod: pod.trim(),
      ...(container.trim() ? { container: container.trim() } : {}),
      command: splitCommand(command),
      ...(kubeUser ? { kubernetes_user: kubeUser } : {}),
    };
    if (onOpenTerminal) {
      onOpenTerminal(exec);
      onClose();
      return;
    }
    // A tab of its own, as a database's query console: the terminal fills a page and the list stays open.
    window.open(podExecPath(clusterId, kube.name, exec), '_blank', 'noopener');
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Connect to ${kube.name}`}
      width={680}
      actions={
        <>
          <Button type="submit" form={formId}>
            Open terminal
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <Text mb={2}>Use kubectl on your own machine:</Text>
      <CodeBlock code={kubectlCommands(kube, proxy, username)} copyLabel="Copy kubectl commands" />
      <Text mt={4} mb={3}>
        Or open a terminal on a pod:
      </Text>
      <Validation>
        {({ validate }) => (
          <form id={formId} onSubmit={(e) => open(e, validate)} noValidate>
            <Box display="grid" gridTemplateColumns="1fr 1fr" gridColumnGap={3}>
              <FieldInput
                label="Namespace"
                value={namespace}
                onChange={setNamespace}
                rule={requiredField('Name the namespace')}
                required
              />
              <FieldInput
                label="Pod"
                value={pod}
                onChange={setPod}
                rule={requiredField('Name the pod')}
                required
                autoFocus
              />
              <FieldInput
                label="Container"
                value={container}
                onChange={setContainer}
                helperText="Leave empty for the pod's default container"
              />
              <FieldInput
                label="Command"
                value={command}
                onChange={setCommand}
                rule={requiredField('Give the command to run')}
                required
              />
            </Box>
            {kube.users.length > 1 ? (
              <Field label="Kubernetes user">
                {({ id, describedBy }) => (
                  <Select
                    id={id}
                    aria-describedby={describedBy}
                    value={kubeUser}
                    onChange={setKubeUser}
                    options={kube.users.map((u) => ({ value: u, label: u }))}
                  />
                )}
              </Field>
            ) : null}
          </form>
        )}
      </Validation>
    </Dialog>
  );
}
