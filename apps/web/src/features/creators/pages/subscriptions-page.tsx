import { SubscriptionsPage } from './follow-log-page';

export default SubscriptionsPage;
