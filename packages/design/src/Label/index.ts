export { Label, ResourceLabels } from './Label';
export type { LabelProps, LabelKind, ResourceLabel } from './Label';
