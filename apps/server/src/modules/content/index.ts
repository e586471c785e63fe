// Announcements and the help centre. Code outside content imports this file only.
export { contentRoutes } from './content.routes';
export { ContentService } from './content.service';
