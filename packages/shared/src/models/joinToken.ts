import { INTERNAL_RESOURCE_ID_LABEL } from '../constants';
import { displayDateTime } from '../format/dates';
import type { Label } from './labels';

export interface JoinTokenJson {
  id: string;
  expiry: string;
  suggestedLabels?: Label[];
}

export interface JoinToken {
  id: string;
  suggestedLabels: Label[];
  /** The value of the reserved label, which the enroll wizard waits to see on a new resource. */
  internalResourceId: string;
  expiry: Date;
  expiryText: string;
}

export function makeJoinToken(json: JoinTokenJson): JoinToken {
  const suggestedLabels = json.suggestedLabels ?? [];
  const expiry = new Date(json.expiry);
  return {
    id: json.id,
    suggestedLabels,
    internalResourceId: suggestedLabels.find((l) => l.name === INTERNAL_RESOURCE_ID_LABEL)?.value ?? '',
    expiry,
    expiryText: displayDateTime(expiry),
  };
}
