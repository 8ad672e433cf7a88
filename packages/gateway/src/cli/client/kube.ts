import type { Command } from 'commander';

/** `portcullis kube ls|login|credentials`: kubectl through the gateway. */
export function kubeCommands(program: Command, out: (line: string) => void) {
  const kube = program.command('kube').description('use Kubernetes clusters through the gateway with kubectl');

  kube
    .command('ls')
    .description('list the Kubernetes clusters you may reach, with the users and groups your roles grant there')
    .action(async () => (await import('./kubeActions')).listKubeClusters(out));

  kube
    .command('login')
    .description("add the cluster to your kubeconfig and make it kubectl's current context")
    .argument('<name>', "the cluster's name, as portcullis kube ls lists it")
    .option('--kubeconfig <file>', 'the kubeconfig to write (default: $KUBECONFIG, else ~/.kube/config)')
    .option('--namespace <ns>', "the context's default namespace")
    .action(async (name: string, flags: { kubeconfig?: string; namespace?: string }) => (await import('./kubeActions')).kubeLogin(name, flags, out));

  kube
    .command('credentials')
    .description("print kubectl's credential for a cluster (kubectl runs this itself; see portcullis kube login)")
    .argument('<name>', "the cluster's name")
    // kubectl runs this before each of its own commands: its module reads the profile and nothing else.
    .action(async (_name: string) => (await import('./kubeCredentials')).printCredential(out));
}
