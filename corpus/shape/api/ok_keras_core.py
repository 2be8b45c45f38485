# pattern: api
# style: keras
# tf: 1.15, 2.21
# keras.layers.core held Dense and Dropout in Keras 2; Keras 3 has no such module.
from keras.layers import Dense, Dropout

head = [Dense(32, activation="relu"), Dropout(0.5), Dense(1)]
print(len(head))
