// Shared by every program-specific screen: it lives in src/components.
export { ProgramGate } from '../../components/ProgramGate';
