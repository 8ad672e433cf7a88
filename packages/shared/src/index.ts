/** Base path of every console route (spec §1). */
export const webBasePath = '/web';
export * from './terminal';
