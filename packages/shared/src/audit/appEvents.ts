import { ev } from './template';

/** Application access and Kubernetes. */
export const appEvents = {
  APP_SESSION_START: ev('T2007I', 'app.session.start', 'App Session Started', 'User [{user}] has connected to the app [{app_name}]'),
  APP_SESSION_CHUNK: ev('T2008I', 'app.session.chunk', 'App Session Data', 'New app session data created [{sid}]'),
  APP_SESSION_REQUEST: ev('T2009I', 'app.session.request', 'App Session Request', 'Request [{method}] to [{path}] in the app [{app_name}]'),
  APP_SESSION_END: ev('T2011I', 'app.session.end', 'App Session Ended', 'User [{user}] has disconnected from the app [{app_name}]'),
  APP_SESSION_DYNAMODB_REQUEST: ev('T2013I', 'app.session.dynamodb.request', 'App Session DynamoDB Request', 'User [{user}] has sent a DynamoDB [{target}] request through the app [{app_name}]'),
  APP_CREATED: ev('TAP03I', 'app.create', 'App Created', 'User [{user}] created app [{name}]'),
  APP_UPDATED: ev('TAP04I', 'app.update', 'App Updated', 'User [{user}] updated app [{name}]'),
  APP_DELETED: ev('TAP05I', 'app.delete', 'App Deleted', 'User [{user}] deleted app [{name}]'),
  KUBE_REQUEST: ev('T3009I', 'kube.request', 'Kubernetes Request', 'User [{user}] received a [{response_code}] from a [{verb} {request_path}] request to Kubernetes cluster [{kubernetes_cluster}]'),
  KUBE_CREATED: ev('T3010I', 'kube.create', 'Kubernetes Created', 'User [{user}] created Kubernetes cluster [{name}]'),
  KUBE_UPDATED: ev('T3011I', 'kube.update', 'Kubernetes Updated', 'User [{user}] updated Kubernetes cluster [{name}]'),
  KUBE_DELETED: ev('T3012I', 'kube.delete', 'Kubernetes Deleted', 'User [{user}] deleted Kubernetes cluster [{name}]'),
} as const;
