/**
 * Shared's path templates may end in optional parameters ('/v1/webapi/roles/:name?'): one template for a
 * list and its items. The gateway registers each form as its own route, since the forms differ in access
 * and parameters; these helpers derive the forms, so that no route path is typed a second time.
 */

const lastOptional = /\/:\w+\?$/;

/** '/v1/webapi/roles/:name?' gives '/v1/webapi/roles'. */
export const withoutOptional = (template: string): string => template.replace(/(\/:\w+\?)+$/, '');

/** '/v1/webapi/roles/:name?' gives '/v1/webapi/roles/:name'. */
export const withOptional = (template: string): string => template.replace(/(:\w+)\?/g, '$1');

/** Every form of a template, shortest first: '/apps/:fqdn/:clusterId?' gives '/apps/:fqdn' and '/apps/:fqdn/:clusterId'. */
export function pathVariants(template: string): string[] {
  const shorter = template.replace(lastOptional, '');
  return shorter === template ? [template] : [...pathVariants(shorter), withOptional(template)];
}
