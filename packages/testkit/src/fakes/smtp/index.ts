export { SmtpSink, type ReceivedMail, type SmtpRefusal, type SmtpSinkOptions } from './smtp-sink.js';
