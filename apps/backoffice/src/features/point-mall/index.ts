// A brand's points mall in the back office (decision 0045): products with pictures and stock, exchange orders.
export { PointProductsPage } from './components/point-products';
export { PointExchangesPage } from './components/point-exchanges';
