export { AddTaskPanel } from './AddTaskPanel.tsx';
export { ClientTasksPanel } from './ClientTasksPanel.tsx';
export { ViewTaskPanel } from './ViewTaskPanel.tsx';
