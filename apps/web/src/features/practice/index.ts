// A free-play guest's practice money (decision 0072), for the shell's header slot (app/feature-slots.tsx). Its
// texts are the shell's: the header shows them.
export { PracticeBalance } from './components/practice-balance';
