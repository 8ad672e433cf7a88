import { randomUUID } from 'node:crypto';
import { apiPaths, type AppSessionJson } from '@portcullis/shared';
import { recordEvent } from '../../../management/audit/record';
import { hashSecret, newSecret } from '../../../management/websessions/secrets';
import { badRequest, forbidden, notFound } from '../../../platform/access/errors';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import { checkSessionAnswer, sessionMfaRequired } from '../../core/sessionMfa';
import { fqdnOf } from '../address';
import { isAwsConsoleApp } from '../aws/console';
import type { AppLookup } from '../proxy/deps';
import type { AppRecord } from '../repo';
import { presentAppSession } from './presenter';
import { appSessionRepo } from './repo';
import type { CreateAppSessionBody } from './schemas';

/** Apps the proxy can serve: web apps. TCP and cloud apps are reached with the command line. */
export const isWebApp = (app: AppRecord): boolean => /^https?:\/\//i.test(app.uri);

/** The audit fields naming an app in app session events and refusals (never its upstream address). */
export const appAuditFields = (app: Pick<AppRecord, 'id' | 'name' | 'publicAddr'>) => ({ app_name: app.name, app_id: app.id, app_public_addr: app.publicAddr });

/**
 * Why the identity may not use the app, in words for the user and the audit log; undefined when it may. A lock
 * covering the identity was already refused by the route guard (markLocked), and is checked again by the proxy.
 */
export function appRefusal(identity: Identity, app: AppRecord): string | undefined {
  if (identity.lockedBecause !== undefined) return identity.lockedBecause;
  if (!identity.roles.canAccess('app', app.labels, undefined, app.id)) return `your roles do not give access to app ${app.name}`;
  return undefined;
}

/**
 * Creating app sessions for the launcher: the caller's roles must reach the app, a second factor is asked when
 * they require one per session, and the session ends with the web session it was made from. The two secrets
 * are returned once and kept only as hashes; the session and APP_SESSION_START commit together.
 */
export class AppSessionService {
  constructor(
    private readonly gw: Gateway,
    private readonly apps: AppLookup,
  ) {}

  async create(identity: Identity, body: CreateAppSessionBody, remoteAddr: string): Promise<AppSessionJson> {
    const fqdn = fqdnOf(body.fqdn);
    if (body.cluster_name && body.cluster_name !== this.gw.config.clusterName) throw notFound(`no cluster ${body.cluster_name} is served here`);
    if (body.public_addr && fqdnOf(body.public_addr) !== fqdn) throw badRequest(`public_addr ${body.public_addr} is not an address of ${fqdn}`);
    const app = await this.apps.byHost(body.public_addr || fqdn);
    if (!app) throw notFound(`no application is served at ${fqdn}, or it is offline`);
    if (!isWebApp(app)) throw badRequest(`app ${app.name} is not a web app: connect to it with the command line`);
    const aws = isAwsConsoleApp(app, this.gw.config.apps.awsConsoleUrl);
    if (body.arn && !aws) throw badRequest(`app ${app.name} is not an AWS console app: leave arn out`);
    if (!body.arn && aws) throw badRequest(`app ${app.name} is the AWS console: choose a role (arn) to sign in as`);
    const user = identity.user.name;
    const refusal =
      appRefusal(identity, app) ??
      // The same per-role check that lists the ARNs: a role must both reach this app and grant the ARN.
      (body.arn && !identity.roles.canAccess('app', app.labels, body.arn, app.id) ? `your roles do not allow AWS role ${body.arn} on app ${app.name}` : undefined) ??
      (await this.secondFactorRefusal(identity, body, remoteAddr));
    if (refusal) {
      await recordEvent(this.gw.store, 'AUTH_ATTEMPT_FAILURE', { user, error: refusal, ...appAuditFields(app), 'addr.remote': remoteAddr }, this.gw.now());
      const how = sessionMfaRequired(identity) && !body.mfa_response ? `: answer a challenge of scope "session" (POST ${apiPaths.mfaAuthenticateChallenge}) and send the answer as mfa_response` : '';
      throw forbidden(`access denied to app ${app.name}: ${refusal}${how}`);
    }
    const now = this.gw.now();
    const value = newSecret();
    const subject = newSecret();
    const id = randomUUID();
    await this.gw.store.transaction(async (tx) => {
      const sessions = appSessionRepo(tx);
      await sessions.create({
        id,
        valueHash: hashSecret(value),
        subjectHash: hashSecret(subject),
        username: user,
        webSessionHash: identity.session.idHash,
        appId: app.id,
        appName: app.name,
        publicAddr: app.publicAddr,
        ...(body.arn ? { awsRoleArn: body.arn } : {}),
        createdAt: now,
        // Never later than the web session: the app's access ends when the console's does.
        expiresAt: identity.session.expiresAt,
      });
      await recordEvent(tx, 'APP_SESSION_START', { user, sid: id, ...appAuditFields(app), ...(body.arn ? { aws_role_arn: body.arn } : {}), 'addr.remote': remoteAddr }, now);
    });
    return presentAppSession(fqdnOf(app.publicAddr), value, subject);
  }

  private async secondFactorRefusal(identity: Identity, body: CreateAppSessionBody, remoteAddr: string): Promise<string | undefined> {
    if (!sessionMfaRequired(identity)) return undefined;
    return checkSessionAnswer(this.gw.mfa, identity, body.mfa_response, remoteAddr);
  }
}
