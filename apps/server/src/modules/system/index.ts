// Status, whitelabel, routes, customer service. Code outside system imports this file only.
export { systemRoutes } from './system.routes';
