import { brokerContract } from '@condor/testkit';
import { entryLegs, world } from './schwab-setup.js';

// At the fake's marks the condor is worth a 1.28 credit to open and a 1.28 debit to close.
brokerContract('SchwabBroker against the fake Schwab', {
  make: async () => (await world()).broker,
  entryLegs,
  marketableLimit: -0.5,
  unmarketableLimit: -5,
  exitLimit: 3,
  racingReplace: async () => {
    const { broker, fake } = await world();
    return {
      broker,
      fillDuringNextReplace: () => {
        fake.replaceRaceNext('fill-during');
      },
    };
  },
});
