// Announcements and the help centre, and what operators change in them. Code outside content imports this file only.
export { ContentAdminService } from './content-admin.service';
export { contentBackofficeRoutes } from './content.bo-routes';
export { contentRoutes } from './content.routes';
export { ContentService } from './content.service';
