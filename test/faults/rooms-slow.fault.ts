/**
 * A slow consumer in a room on the PostgreSQL broker, three instances behind Debian's HAProxy
 * (startHaproxy: test/run.ts reads that name here to require the package): slow-consumer.ts.
 */
import { BROKERS } from './rooms-cluster.js'
import { slowConsumer } from './slow-consumer.js'

slowConsumer(BROKERS[0])
