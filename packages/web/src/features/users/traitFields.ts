import { makeUser, type UserTraits } from '@portcullis/shared';

export type TraitName = keyof UserTraits;

/** A user's traits, in shared's order, each with the label its field shows. */
export const traitLabels: Record<TraitName, string> = {
  logins: 'Logins',
  databaseUsers: 'Database Users',
  databaseNames: 'Database Names',
  kubeUsers: 'Kubernetes Users',
  kubeGroups: 'Kubernetes Groups',
  windowsLogins: 'Windows Logins',
  awsRoleArns: 'AWS Role ARNs',
};

export const traitNames = Object.keys(makeUser({ name: '' }).traits) as TraitName[];
