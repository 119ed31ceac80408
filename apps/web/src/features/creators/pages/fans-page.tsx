import { FansPage } from './follow-log-page';

export default FansPage;
