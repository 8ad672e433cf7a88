import path from 'node:path';
import type { DaemonDocumentJson, DaemonWorkspaceJson } from '@portcullis/shared';
import { z } from 'zod';
import { connectHome, readJson, writePrivateJson } from './files';

const id = z.string().min(1);
const common = { id, profile: id, title: z.string() };

const documentSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('resources') }).strict(),
  z.object({ ...common, kind: z.literal('terminal'), clusterId: id, serverId: id, login: id }).strict(),
  z.object({ ...common, kind: z.literal('database'), connectionId: id }).strict(),
  z
    .object({ ...common, kind: z.literal('kube'), clusterId: id, kubeCluster: id, namespace: id, pod: id, container: id.optional(), command: z.string().min(1), kubernetesUser: id.optional() })
    .strict(),
]) satisfies z.ZodType<DaemonDocumentJson>;

export const workspaceSchema = z
  .object({
    documents: z.array(documentSchema).max(200),
    activeDocumentId: id.optional(),
    theme: z.enum(['light', 'dark']).optional(),
  })
  .strict() satisfies z.ZodType<DaemonWorkspaceJson>;

/** The UI's open documents, active tab and theme, in connect/workspace.json: what a restart reopens. */
export class WorkspaceStore {
  private readonly file = path.join(connectHome(), 'workspace.json');

  read(): DaemonWorkspaceJson {
    return readJson(this.file, workspaceSchema) ?? { documents: [] };
  }

  write(workspace: DaemonWorkspaceJson): void {
    writePrivateJson(this.file, workspace);
  }

  /** Closes the documents of a profile that is gone. */
  forgetProfile(profile: string): void {
    const { documents, activeDocumentId, ...rest } = this.read();
    const kept = documents.filter((d) => d.profile !== profile);
    if (kept.length === documents.length) return;
    this.write({ ...rest, documents: kept, ...(kept.some((d) => d.id === activeDocumentId) && { activeDocumentId }) });
  }
}
