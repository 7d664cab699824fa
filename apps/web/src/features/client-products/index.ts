export { AddProductPanel } from './AddProductPanel.tsx';
export { ClientProductsPanel } from './ClientProductsPanel.tsx';
export { DeleteProductPanel } from './DeleteProductPanel.tsx';
export { UpdateProductPanel } from './UpdateProductPanel.tsx';
