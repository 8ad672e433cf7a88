export { ProductMark } from './ProductMark';
