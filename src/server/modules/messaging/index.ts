export {
  type MessagingDeps,
  type QueueResult,
  ZALO_MAX_ATTEMPTS,
  ZALO_SEND_JOB,
  ZaloMessenger,
  type ZaloRequest,
} from './messages';
export { messagingRoutes } from './routes';
export { StaffSender } from './staff';
export { webhookMac } from './webhook';
