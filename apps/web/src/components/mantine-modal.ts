// Mantine's Modal as a module of its own, loaded by components/modal.tsx when a dialog first opens (decision 0235).
export { Modal as default } from '@mantine/core';
