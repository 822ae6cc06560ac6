export { FakePushService, type FakePushServiceOptions, type FakePushSubscription, type PushFault, type PushRequestRecord, type ReceivedPush } from './fake-push-service.js';
export { decryptPushMessage, type SubscriptionSecrets } from './push-decryption.js';
export { verifyVapid, type VapidClaims, type VapidVerdict } from './vapid-verification.js';
