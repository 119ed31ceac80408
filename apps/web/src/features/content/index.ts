// The content feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
export { BannerCarousel } from './components/banner-carousel';
export { ContactLinks } from './components/contact-links';
export { DocumentView } from './components/document-view';
