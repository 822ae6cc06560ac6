/** condor's version, as it introduces itself to brokers that ask (tastytrade's `User-Agent: condor/<version>`); the workspace packages' version. */
export const CONDOR_VERSION = '0.1.0';
