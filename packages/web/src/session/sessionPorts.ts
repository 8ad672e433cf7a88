import type { SessionPorts } from '@portcullis/console-kit';
import { apiPaths, type BearerTokenJson, loginPath } from '@portcullis/shared';
import { browserLocation } from '../browserLocation';
import { api, localState } from '../client';

/** The lifecycle's ports over shared's API client and local storage, in this browser tab. */
export function browserSessionPorts(): SessionPorts {
  return {
    readToken: () => localState.getBearerToken() ?? null,
    // Both send a JSON object (empty unless assuming or dropping access): the client always declares a JSON
    // body, and the server rejects an empty one. The answer also sets the new session cookie the bearer belongs to.
    renew: async (body = {}) =>
      localState.saveSession(await api.post<BearerTokenJson>(apiPaths.webSessionRenew, body)),
    checkStatus: () => api.get(apiPaths.userStatus),
    deleteSession: () => api.delete(apiPaths.webSession, {}),
    clearLocalState: () => localState.clear(),
    readLastActive: () => localState.getLastActive(),
    writeLastActive: (ms) => localState.setLastActive(ms),
    broadcastRenewing: (renewing) => localState.setRenewing(renewing),
    goToLogin: () => browserLocation.assign(loginPath(window.location)),
  };
}
