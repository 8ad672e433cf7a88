import { DiscoverEvent, type UserTraits } from '@portcullis/shared';
import { choiceById, type ResourceKind } from './resources';

/** The wizard's steps, in the order every kind meets them (each kind skips those that do not apply to it). */
export const stepIds = ['select', 'deploy', 'wait', 'access', 'test', 'finished'] as const;
export type StepId = (typeof stepIds)[number];

export const stepTitles: Record<StepId, string> = {
  select: 'Select resource type',
  deploy: 'Deploy the agent',
  wait: 'Wait for the resource',
  access: 'Set up access',
  test: 'Test the connection',
  finished: 'Done',
};

/** The telemetry event each step reports its outcome under; waiting for the resource finishes deploying it. */
export const stepEvents: Record<StepId, (typeof DiscoverEvent)[keyof typeof DiscoverEvent]> = {
  select: DiscoverEvent.ResourceSelection,
  deploy: DiscoverEvent.DeployService,
  wait: DiscoverEvent.DeployService,
  access: DiscoverEvent.PrincipalsConfigure,
  test: DiscoverEvent.TestConnection,
  finished: DiscoverEvent.Completed,
};

/**
 * The steps of a kind. Apps have no principals to set up (roles grant them by labels alone) and desktops
 * neither principals nor a connection test. Before a kind is chosen the flow is the server's, the longest.
 */
export function stepsFor(kind: ResourceKind | undefined): StepId[] {
  switch (kind) {
    case 'app':
      return ['select', 'deploy', 'wait', 'test', 'finished'];
    case 'desktop':
      return ['select', 'deploy', 'wait', 'finished'];
    default:
      return [...stepIds];
  }
}

/** The step after `step` in the kind's flow; undefined after the last. */
export const nextStep = (kind: ResourceKind | undefined, step: StepId): StepId | undefined => {
  const steps = stepsFor(kind);
  return steps.includes(step) ? steps[steps.indexOf(step) + 1] : undefined;
};

/** The resource as it arrived in its list: what the later steps show, test and offer. */
export interface ArrivedResource {
  name: string;
  /** What the connection test names it by: a node's id (server_id), else its name. */
  testName: string;
  /** The principals the user's roles already grant on it (a node's sshLogins, a database's users and names). */
  granted: Partial<Record<keyof UserTraits, string[]>>;
}

/** A run of the wizard, kept in local storage so a reload resumes it where it was. */
export interface DiscoverProgress {
  /** Names the run in telemetry, so its steps' events can be told from another run's. */
  runId: string;
  step: StepId;
  choiceId?: string;
  /** The join token: its value (shown once by the gateway, so kept here), expiry and the resource id it stamps. */
  token?: { id: string; expiry: string; resourceId: string };
  /** The database this run enrolled, so going back to the command does not enrol it twice. */
  database?: string;
  resource?: ArrivedResource;
  /** The principals chosen in Set Up Access, which the connection test offers first. */
  principals?: Partial<Record<keyof UserTraits, string[]>>;
}

/** What each step needs from the ones before it. */
export const stepNeeds: Record<StepId, (keyof DiscoverProgress)[]> = {
  select: [],
  deploy: ['choiceId'],
  wait: ['choiceId', 'token'],
  access: ['choiceId', 'token', 'resource'],
  test: ['choiceId', 'token', 'resource'],
  finished: ['choiceId', 'resource'],
};

export const missingFor = (step: StepId, progress: DiscoverProgress): (keyof DiscoverProgress)[] =>
  stepNeeds[step].filter((need) => progress[need] === undefined);

/** Where a stored run resumes: its step, or the last one before it whose needs are met (storage can lose any part). */
export function resumeStep(progress: DiscoverProgress): StepId {
  const steps = stepsFor(choiceById(progress.choiceId)?.kind);
  for (let i = steps.indexOf(progress.step); i >= 0; i--) {
    const step = steps[i]!;
    if (missingFor(step, progress).length === 0) return step;
  }
  return 'select';
}

/** A stored run, or undefined for anything that is not one (another version's, or a hand-edited value). */
export function readProgress(stored: unknown): DiscoverProgress | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { runId, step } = stored as Partial<DiscoverProgress>;
  if (typeof runId !== 'string' || !stepIds.includes(step as StepId)) return undefined;
  return stored as DiscoverProgress;
}
