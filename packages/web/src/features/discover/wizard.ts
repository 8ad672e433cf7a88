import type { Acl } from '@portcullis/shared';
import { createContext, useContext } from 'react';
import type { StepStatus } from './discoverService';
import type { ResourceChoice } from './resources';
import type { DiscoverProgress, StepId } from './steps';

/** What every step reads and changes: the run, where it happens, and how it reports. */
export interface Wizard {
  clusterId: string;
  username: string;
  acl: Acl;
  /** The gateway the console was loaded from, which serves the install scripts. */
  origin: string;
  pollIntervalMs: number;
  /** The clock the wait step counts its elapsed time by (Date.now; a story stops it). */
  now: () => number;
  progress: DiscoverProgress;
  choice: ResourceChoice | undefined;
  update: (change: Partial<DiscoverProgress>) => void;
  /** Reports the outcome of a step (or the database's registration) under the run's id and resource. */
  report: (event: StepId | 'databaseRegister', status: StepStatus) => void;
  /** Ends this run (reporting the step it was on as aborted, unless finished) and starts a new one. */
  restart: () => void;
}

export const WizardContext = createContext<Wizard | undefined>(undefined);

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('a discover step renders inside the wizard');
  return wizard;
}
