import { randomUUID } from 'node:crypto';
import type { AssistNodeResultJson, AssistProposalJson } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import type { Store } from '../../platform/storage/store';
import type { AssistConversationRow, AssistMessageKind, AssistMessageRow } from './tables';

/** What a message row's body holds, by kind. A proposal keeps the model's tool call id, to answer it with the results. */
export type StoredBody =
  | { kind: 'user' | 'assistant' | 'error'; text: string }
  | { kind: 'proposal'; proposal: AssistProposalJson; toolCallId: string }
  | { kind: 'results'; proposalId: string; results: AssistNodeResultJson[] };

export type StoredMessage = StoredBody & { id: string; seq: number; createdAt: number };

type BodyOf<K extends AssistMessageKind> = Extract<StoredBody, { kind: K }>;

const toMessage = (row: AssistMessageRow): StoredMessage => ({ ...(JSON.parse(row.body) as StoredBody), id: row.id, seq: Number(row.seq), createdAt: Number(row.created_at) });

const newTitle = 'New conversation';
/** The most conversations a list returns: a user with more finds the older ones by deleting newer ones. */
const listLimit = 500;

/**
 * Conversations and their messages. Calls on a conversation name its user: someone else's is answered as absent,
 * so nobody learns which ids exist. Calls on messages take a conversation already found that way (the socket does
 * so when it opens).
 */
export class ConversationStore {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  list(username: string): Promise<AssistConversationRow[]> {
    return this.store.db.selectFrom('assist_conversations').selectAll().where('username', '=', username).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(listLimit).execute();
  }

  async create(username: string): Promise<AssistConversationRow> {
    const row: AssistConversationRow = { id: randomUUID(), username, title: newTitle, created_at: this.now() };
    await this.store.db.insertInto('assist_conversations').values(row).execute();
    return row;
  }

  async get(username: string, id: string, tx: Store = this.store): Promise<AssistConversationRow> {
    const row = await tx.db.selectFrom('assist_conversations').selectAll().where('id', '=', id).where('username', '=', username).executeTakeFirst();
    if (!row) throw notFound(`conversation ${id} was not found`);
    return row;
  }

  async rename(username: string, id: string, title: string): Promise<AssistConversationRow> {
    const result = await this.store.db.updateTable('assist_conversations').set({ title }).where('id', '=', id).where('username', '=', username).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(`conversation ${id} was not found`);
    return this.get(username, id);
  }

  async remove(username: string, id: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      await this.get(username, id, tx);
      await tx.db.deleteFrom('assist_messages').where('conversation_id', '=', id).execute();
      await tx.db.deleteFrom('assist_conversations').where('id', '=', id).execute();
    });
  }

  /** The last `limit` messages, oldest first. */
  async messages(conversationId: string, limit: number, tx: Store = this.store): Promise<StoredMessage[]> {
    const rows = await tx.db.selectFrom('assist_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('seq', 'desc').limit(limit).execute();
    return rows.reverse().map(toMessage);
  }

  /**
   * Adds a message at the end. Two writers taking the same place collide on the (conversation, seq) index, so
   * a check made in the same transaction before appending holds.
   */
  async append(conversationId: string, body: StoredBody, tx: Store = this.store, id: string = randomUUID()): Promise<StoredMessage> {
    const last = await tx.db.selectFrom('assist_messages').select((eb) => eb.fn.max('seq').as('seq')).where('conversation_id', '=', conversationId).executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    const createdAt = this.now();
    await tx.db.insertInto('assist_messages').values({ id, conversation_id: conversationId, seq, kind: body.kind, body: JSON.stringify(body), created_at: createdAt }).execute();
    return { ...body, id, seq, createdAt };
  }

  /** The proposal `proposalId` of the conversation, and whether results have answered it already. */
  async proposal(conversationId: string, proposalId: string, tx: Store = this.store): Promise<{ message: StoredMessage & BodyOf<'proposal'>; answered: boolean } | undefined> {
    const rows = await tx.db.selectFrom('assist_messages').selectAll().where('conversation_id', '=', conversationId).where('kind', 'in', ['proposal', 'results']).execute();
    const messages = rows.map(toMessage);
    const message = messages.find((m): m is StoredMessage & BodyOf<'proposal'> => m.kind === 'proposal' && m.id === proposalId);
    return message && { message, answered: messages.some((m) => m.kind === 'results' && m.proposalId === proposalId) };
  }
}
