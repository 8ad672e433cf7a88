import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { parseLabels } from '../agent/labels';
import { recordEvent } from '../management/audit/record';
import { loadConfig } from '../platform/config/config';
import { UserCertificateAuthority } from '../resources/connectors/openssh/ca';
import { openStorage } from '../platform/storage/open';
import { nodeRepo } from '../resources/nodes/repo';
import { addNodeBody } from '../resources/nodes/schemas';

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
  ).action(async (opts: { addr: string; hostname: string; labels: string; dataDir?: string; db?: string; config?: string }) => {
    const body = addNodeBody.safeParse({ hostname: opts.hostname, addr: opts.addr, labels: parseLabels(opts.labels) });
    if (!body.success) throw new Error(body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    const config = loadConfig(opts.config, { dataDir: opts.dataDir, db: opts.db });
    const store = await openStorage({ dataDir: config.dataDir, db: config.db });
    try {
      const id = randomUUID();
      await nodeRepo(store).upsert({ id, ...body.data, agentId: null, expiresAt: null }, Date.now());
      await recordEvent(store, 'INSTANCE_JOIN', { user: 'portcullis-cli', node_name: body.data.hostname, role: 'Node', method: 'openssh', server_id: id });
      console.log(`registered node ${body.data.hostname} (${id}) at ${body.data.addr}`);
    } finally {
      await store.close();
    }
  });

  storageOptions(nodes.command('ca').description("print the SSH user CA public key, for sshd's TrustedUserCAKeys file")).action(
    (opts: { dataDir?: string; db?: string; config?: string }) => {
      const config = loadConfig(opts.config, { dataDir: opts.dataDir, db: opts.db });
      process.stdout.write(UserCertificateAuthority.loadOrCreate(config.dataDir).publicKeyLine);
    },
  );
}
