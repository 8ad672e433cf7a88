import { apiPaths, DEFAULT_JOIN_METHOD, type JoinToken, type JoinTokenJson, makeJoinToken } from '@portcullis/shared';
import { api } from '../../client';

export type CreateNodeToken = () => Promise<JoinToken>;

/** A join token that lets one host enrol as a node (POST /token, join method token by default). */
export const createNodeToken: CreateNodeToken = async () =>
  makeJoinToken(await api.post<JoinTokenJson>(apiPaths.joinToken, { roles: ['Node'], join_method: DEFAULT_JOIN_METHOD }));
