import type { Command } from 'commander';
import type { NodeFlags } from './nodeActions';

/**
 * `portcullis nodes add|ca`: administer the node registry on the gateway's own host, straight against its
 * storage (like a database tool), so an OpenSSH server can be registered before anyone has signed in.
 */
export function nodesCommand(program: Command) {
  const nodes = program.command('nodes').description('manage nodes (servers) of this gateway');
  const storageOptions = (cmd: Command) =>
    cmd
      .option('--data-dir <dir>', "the gateway's data directory (default ./data)")
      .option('--db <url>', 'a postgres:// URL, when the gateway uses PostgreSQL')
      .option('--config <file>', "the gateway's YAML configuration file");

  storageOptions(
    nodes
      .command('add')
      .description('register an existing OpenSSH server (it must trust the CA printed by `portcullis nodes ca`)')
      .requiredOption('--addr <host:port>', "the server's sshd address")
      .requiredOption('--hostname <name>', 'the name it is listed under')
      .option('--labels <k=v,...>', 'labels that roles select it by', ''),
  ).action(async (opts: NodeFlags & { addr: string; hostname: string; labels: string }) => (await import('./nodeActions')).addNode(opts));

  storageOptions(nodes.command('ca').description("print the SSH user CA public key, for sshd's TrustedUserCAKeys file")).action(async (opts: NodeFlags) =>
    (await import('./nodeActions')).printUserCa(opts),
  );
}
