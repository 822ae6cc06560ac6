import { approvalLinkStoreContract } from '../contracts/index.js';
import { MemoryApprovalLinkStore } from './memory-approval-link-store.js';

approvalLinkStoreContract('memory', () => Promise.resolve(new MemoryApprovalLinkStore()));
