import { randomUUID } from 'node:crypto';
import { parseLabels } from '../agent/labels';
import { recordEvent } from '../management/audit/record';
import { loadConfig } from '../platform/config/config';
import { UserCertificateAuthority } from '../resources/connectors/openssh/ca';
import { openStorage } from '../platform/storage/open';
import { nodeRepo } from '../resources/nodes/repo';
import { addNodeBody } from '../resources/nodes/schemas';

/** Where `portcullis nodes` finds the gateway's storage. */
export interface NodeFlags {
  dataDir?: string;
  db?: string;
  config?: string;
}

/** `portcullis nodes add`: registers an OpenSSH server and audits it as the node joining. */
export async function addNode(opts: NodeFlags & { addr: string; hostname: string; labels: string }): Promise<void> {
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
}

/** `portcullis nodes ca`: the SSH user CA's public key, created on first use. */
export function printUserCa(opts: NodeFlags): void {
  const config = loadConfig(opts.config, { dataDir: opts.dataDir, db: opts.db });
  process.stdout.write(UserCertificateAuthority.loadOrCreate(config.dataDir).publicKeyLine);
}
