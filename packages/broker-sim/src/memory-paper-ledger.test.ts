import { paperLedgerContract } from '@condor/testkit';
import { MemoryPaperLedger } from './memory-paper-ledger.js';

paperLedgerContract('MemoryPaperLedger', () => Promise.resolve(new MemoryPaperLedger()));
