// The client forms of the Clients page: tab 2 (New client), tab 3 (Advanced healthcare update), tab 4 (Update client).
export { CreateClientPanel } from './CreateClientPanel.tsx';
export { HealthcarePanel } from './HealthcarePanel.tsx';
export { UpdateClientPanel } from './UpdateClientPanel.tsx';
