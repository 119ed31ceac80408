/** The creator's channel (decision 051): their videos of every status, take-down, put-up, delete, statistics. */
export { channelJobs, createChannel, type Channel } from './channel';
export { channelRoutes } from './channel.routes';
