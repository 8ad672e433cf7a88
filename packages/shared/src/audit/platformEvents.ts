import { ev, evWith } from './template';
import type { RawEvent } from './types';

// Device events carry `success`: one code reads as a success or a failure.
const device = <C extends string>(code: C, type: string, desc: string, done: string, attempt: string) =>
  evWith(code, type, desc, ['user', 'device_id', 'success', 'error'], (raw: RawEvent) =>
    raw.success === true
      ? `User [${String(raw.user)}] ${done} device [${String(raw.device_id)}]`
      : `User [${String(raw.user)}] failed to ${attempt} device [${String(raw.device_id)}]: ${String(raw.error)}`,
  );

/** Integrations, trusted devices, Okta sync, the SAML identity provider, the assistant and cluster settings. */
export const platformEvents = {
  INTEGRATION_CREATE: ev('TIG01I', 'integration.create', 'Integration Created', 'User [{user}] created an integration [{name}]'),
  INTEGRATION_UPDATE: ev('TIG02I', 'integration.update', 'Integration Updated', 'User [{user}] updated an integration [{name}]'),
  INTEGRATION_DELETE: ev('TIG03I', 'integration.delete', 'Integration Deleted', 'User [{user}] deleted an integration [{name}]'),
  DEVICE_CREATE: device('TV001I', 'device.create', 'Device Registered', 'registered', 'register'),
  DEVICE_DELETE: device('TV002I', 'device.delete', 'Device Deleted', 'deleted', 'delete'),
  DEVICE_AUTHENTICATE: device('TV003I', 'device.authenticate', 'Device Authenticated', 'authenticated', 'authenticate'),
  DEVICE_ENROLL: device('TV005I', 'device.enroll', 'Device Enrolled', 'enrolled', 'enroll'),
  DEVICE_ENROLL_TOKEN_CREATE: device('TV006I', 'device.token.create', 'Device Enroll Token Created', 'created an enroll token for', 'create an enroll token for'),
  DEVICE_ENROLL_TOKEN_SPENT: device('TV007I', 'device.token.spent', 'Device Enroll Token Spent', 'spent an enroll token for', 'spend an enroll token for'),
  DEVICE_UPDATE: device('TV008I', 'device.update', 'Device Updated', 'updated', 'update'),
  DEVICE_WEB_TOKEN_CREATE: device('TV009I', 'device.webtoken.create', 'Device Web Token Created', 'created a web token for', 'create a web token for'),
  DEVICE_AUTHENTICATE_CONFIRM: device('TV010I', 'device.authenticate.confirm', 'Device Web Authentication Confirmed', 'confirmed web authentication of', 'confirm web authentication of'),
  OKTA_GROUPS_UPDATE: ev('TOK01I', 'okta.groups.update', 'Okta Groups Updated', '[{added}] groups added, [{updated}] groups updated, [{deleted}] groups deleted'),
  OKTA_APPLICATIONS_UPDATE: ev('TOK02I', 'okta.applications.update', 'Okta Applications Updated', '[{added}] applications added, [{updated}] applications updated, [{deleted}] applications deleted'),
  OKTA_SYNC: ev('TOK03I', 'okta.sync', 'Okta Synchronization Completed', 'Okta synchronization completed'),
  OKTA_SYNC_FAILURE: ev('TOK03E', 'okta.sync', 'Okta Synchronization Failed', 'Okta synchronization failed: {error}'),
  OKTA_ASSIGNMENT_PROCESS: ev('TOK04I', 'okta.assignment.process', 'Okta Assignment Processed', 'Okta assignment [{name}] processed for user [{user}]'),
  OKTA_ASSIGNMENT_PROCESS_FAILURE: ev('TOK04E', 'okta.assignment.process', 'Okta Assignment Failed', 'Okta assignment [{name}] processing failed: {error}'),
  OKTA_ASSIGNMENT_CLEANUP: ev('TOK05I', 'okta.assignment.cleanup', 'Okta Assignment Cleaned Up', 'Okta assignment [{name}] cleaned up for user [{user}]'),
  OKTA_ASSIGNMENT_CLEANUP_FAILURE: ev('TOK05E', 'okta.assignment.cleanup', 'Okta Assignment Cleanup Failed', 'Okta assignment [{name}] cleanup failed: {error}'),
  SAML_IDP_AUTH_ATTEMPT: ev('TSI00I', 'saml.idp.auth', 'SAML IdP Authentication', 'User [{user}] authenticated to service provider [{service_provider_entity_id}]'),
  SAML_IDP_SERVICE_PROVIDER_CREATE: ev('TSI01I', 'saml.idp.service.provider.create', 'SAML IdP Service Provider Created', 'User [{user}] added service provider [{name}]'),
  SAML_IDP_SERVICE_PROVIDER_CREATE_FAILURE: ev('TSI01W', 'saml.idp.service.provider.create', 'SAML IdP Service Provider Create Failed', 'User [{user}] failed to add service provider [{name}]: {error}'),
  SAML_IDP_SERVICE_PROVIDER_UPDATE: ev('TSI02I', 'saml.idp.service.provider.update', 'SAML IdP Service Provider Updated', 'User [{user}] updated service provider [{name}]'),
  SAML_IDP_SERVICE_PROVIDER_UPDATE_FAILURE: ev('TSI02W', 'saml.idp.service.provider.update', 'SAML IdP Service Provider Update Failed', 'User [{user}] failed to update service provider [{name}]: {error}'),
  SAML_IDP_SERVICE_PROVIDER_DELETE: ev('TSI03I', 'saml.idp.service.provider.delete', 'SAML IdP Service Provider Deleted', 'User [{user}] deleted service provider [{name}]'),
  SAML_IDP_SERVICE_PROVIDER_DELETE_FAILURE: ev('TSI03W', 'saml.idp.service.provider.delete', 'SAML IdP Service Provider Delete Failed', 'User [{user}] failed to delete service provider [{name}]: {error}'),
  SAML_IDP_SERVICE_PROVIDER_DELETE_ALL: ev('TSI04I', 'saml.idp.service.provider.delete_all', 'All SAML IdP Service Providers Deleted', 'User [{user}] deleted all service providers'),
  SAML_IDP_SERVICE_PROVIDER_DELETE_ALL_FAILURE: ev('TSI04W', 'saml.idp.service.provider.delete_all', 'SAML IdP Service Providers Delete Failed', 'User [{user}] failed to delete all service providers: {error}'),
  ASSIST_COMPLETION: ev('TAI00I', 'assist.completion', 'Assist Completion', 'User [{user}] received an assistant completion using [{total_tokens}] tokens'),
  ASSIST_EXECUTION: ev('TAI01I', 'assist.execution', 'Assist Command Executed', 'User [{user}] executed a command from the assistant on [{node_count}] nodes'),
  UPGRADE_WINDOW_UPDATED: ev('TUW01I', 'upgradewindow.update', 'Upgrade Window Start Updated', 'User [{user}] updated the upgrade window start time to [{upgrade_window_start}]'),
  CLUSTER_NETWORKING_CONFIG_UPDATED: ev('TCF00I', 'cluster_networking_config.update', 'Networking Configuration Updated', 'User [{user}] updated the cluster networking configuration'),
  SESSION_RECORDING_CONFIG_UPDATED: ev('TCF01I', 'session_recording_config.update', 'Session Recording Configuration Updated', 'User [{user}] updated the session recording configuration'),
  AUTH_PREFERENCE_UPDATED: ev('TCF02I', 'auth_preference.update', 'Authentication Preference Updated', 'User [{user}] updated the cluster authentication preference'),
  PLUGIN_CREATE: ev('TPL00I', 'plugin.create', 'Plugin Created', 'User [{user}] created a plugin [{name}] of type [{plugin_type}]'),
  PLUGIN_UPDATE: ev('TPL01I', 'plugin.update', 'Plugin Updated', 'User [{user}] updated a plugin [{name}]'),
  PLUGIN_DELETE: ev('TPL02I', 'plugin.delete', 'Plugin Deleted', 'User [{user}] deleted a plugin [{name}]'),
  BILLING_CARD_CREATE: ev('TBL00I', 'billing.create_card', 'Credit Card Added', 'User [{user}] added a credit card'),
  BILLING_CARD_DELETE: ev('TBL01I', 'billing.delete_card', 'Credit Card Deleted', 'User [{user}] deleted a credit card'),
  BILLING_INFORMATION_UPDATE: ev('TBL03I', 'billing.update_info', 'Billing Information Updated', 'User [{user}] updated the billing information'),
} as const;
