export { ClientAppointmentsPanel } from './ClientAppointmentsPanel.tsx';
