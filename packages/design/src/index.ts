export { space } from './theme/space';
