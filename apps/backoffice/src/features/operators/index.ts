// Operators and their roles and brands. Code outside this feature imports this file only.
export { OperatorsList } from './components/operators-list';
export { OperatorDetail } from './components/operator-detail';
export { getOperatorsQueryOptions } from './api/get-operators';
