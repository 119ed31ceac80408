// The races feature's public file: all the app and other features may import from it (ESLint keeps the rest private).
// A campaign's time left counts down the same way as a race's, on the server's clock.
export { Countdown } from './components/countdown';
export { clockOffset } from './race-model';
// A campaign's reward is a reward like a race's, and its winners and participants are members as on a board.
export { MemberName } from './components/member-name';
export { RewardStatusChip } from './components/reward-status-chip';
