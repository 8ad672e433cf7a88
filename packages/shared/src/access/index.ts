export { aclAreas, makeAcl, noAccess } from './acl';
export type { Access, Acl, AclArea, AclJson, IntegrationsAccess } from './acl';
export { makeUserContext } from './userContext';
export type { AccessStrategyType, UserContext, UserContextJson } from './userContext';
export {
  canQueryAgents,
  featureFlagNames,
  lockedFeatures,
  makeFeatureFlags,
  shouldCheckDiscoverOnboarding,
  usageBasedBillingLockedFeatures,
} from './featureFlags';
export type { FeatureFlag, FeatureFlagInputs, FeatureFlags, LockableFeature } from './featureFlags';
export { enabledFeatures, featureCategories, features, featureSections } from './features';
export type { Feature, FeatureCategory, FeatureSection } from './features';
