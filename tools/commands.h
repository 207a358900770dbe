/*
** commands.h: the sub-commands of the pul binary, one file each (cmd_*.c).
** Each is called as a main: argv[0] is the sub-command's name ("referee"), and it returns the exit code.
*/
#ifndef PUL_COMMANDS_H
#define PUL_COMMANDS_H

int cmd_referee(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_variants(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_engine(int argc, char **argv);

#endif
