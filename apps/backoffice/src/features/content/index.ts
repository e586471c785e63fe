// A brand's content for the back office: announcements, banners' order, the help centre. Code outside this feature
// imports this file only.
export { AnnouncementEditor } from './components/announcement-editor';
export { AnnouncementsList } from './components/announcements-list';
export { BannerOrder } from './components/banner-order';
export { HelpEditor } from './components/help-editor';
export { HelpList } from './components/help-list';
