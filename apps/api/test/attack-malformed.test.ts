/**
 * The attack suite's class (b), malformed input to every operation, the stall check (health while hostile
 * files are uploaded) and (c) on their answers (attack/suite.ts says what it does): a file of its own so that
 * it runs beside the rest of the suite (decision 0055).
 */
import { defineAttackSuite } from './attack/suite';

defineAttackSuite(['b', 'stall', 'c']);
